"""The project's own game-master rules prompt, per language, for the text modes.

`rules-prompt` mode gives a model only this prompt (or the user's own, `--system-prompt`);
`unassisted` mode adds the secret paragraph. The texts live in evals/prompts/*.txt.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from gm.acts import act
from gm.render import josa
from referee.lang.incident import Incident, Lang
from referee.liar.world import World

REVEAL_REQUEST: dict[Lang, str] = {
    "ko": "게임이 끝났습니다. 범인과 거짓말쟁이를 공개해 주세요.",
    "ja": "ゲームは終わりました。犯人と嘘つきを発表してください。",
    "en": "The game is over. Please reveal the culprit and the liar.",
}


@cache
def prompt_text(*path: str) -> str:
    """An eval's text to the model, by its path under evals/prompts/."""
    return files("evals").joinpath("prompts", *path).read_text(encoding="utf-8")


def _deed(lang: Lang, incident: Incident) -> dict[str, str]:
    """The incident as a relative clause ("who ate the last cake") and as a main clause."""
    noun, forms = incident.noun[lang], act(incident, lang)
    if lang == "ko":
        obj = ("마지막 " if forms.last else "") + josa(noun, "을", "를")
        return {"deed": f"{obj} {forms.rel}", "deed_clause": f"{obj} {forms.past}고"}
    if lang == "ja":
        obj = ("最後の" if forms.last else "") + noun + "を"
        return {"deed": obj + forms.past, "deed_clause": obj + forms.stem}
    deed = f"{forms.past} {'the last' if forms.last else 'the'} {noun}"
    return {"deed": deed, "deed_clause": deed}


def rules_prompt(lang: Lang, incident: Incident, budget: int) -> str:
    """The game master's rules, without any secret."""
    return prompt_text(f"rules.{lang}.txt").format(budget=budget, **_deed(lang, incident)).strip()


def secret_paragraph(lang: Lang, incident: Incident, secret: World) -> str:
    """The paragraph that hands an unassisted model the secret it must answer from."""
    return prompt_text(f"secret.{lang}.txt").format(
        culprit=secret.culprit, liar=secret.liar, **_deed(lang, incident)
    ).rstrip()
