"""Monorail evals: a model as judge without the referee, and as an opponent of the bots.

- `items`: the judge's seeded questions (positions, moves), labelled by the referee.
- `judge`: one question put to a model (or to the referee itself) and scored.
- `opponent`: one recorded game of a model (or a bot) against a bot, tallied per move.
- `runner`: many, resumably, on the runner every eval shares; `report`: their summary.
"""
