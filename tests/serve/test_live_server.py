"""`refgm serve` runs as a person starts it, stops on SIGTERM, dies on SIGKILL and comes back on its port."""

import json
import signal
import urllib.error
import urllib.request

import pytest

from tests.serve.conftest import LiveServer

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def options(server: LiveServer) -> dict[str, object]:
    with NO_PROXY.open(f"{server.url}/api/options", timeout=10) as answer:
        assert answer.status == 200
        return dict(json.load(answer))


def test_the_server_stops_dies_and_restarts_on_the_same_port(live_server: LiveServer) -> None:
    url = live_server.url
    assert "games" in options(live_server)
    # uvicorn shuts down and then dies of the SIGTERM it caught; the SIGKILL stop() escalates to would say -9.
    assert live_server.stop() == -signal.SIGTERM
    with pytest.raises(urllib.error.URLError):
        options(live_server)
    live_server.restart()
    assert live_server.url == url and "games" in options(live_server)
    assert live_server.kill() == -signal.SIGKILL
    live_server.restart()
    assert "games" in options(live_server)
