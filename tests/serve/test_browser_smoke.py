"""Chromium starts through Playwright and renders a page (the browser tests' own precondition)."""

from playwright.sync_api import Page


def test_chromium_renders_a_page(page: Page) -> None:
    page.goto("data:text/html,<h1>ok</h1>")
    assert page.text_content("h1") == "ok"
