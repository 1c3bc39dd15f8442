"""Garnet Thief evals: a model paying out rounds without the referee, models as players against
populations of bots, and the isolation of their seats.

- `items`: the payout eval's seeded rounds, drawn to cover the payout's edge cases.
- `payout`: one round put to a model (or to the referee itself) and scored.
- `players`: one recorded game of a model (or a bot) in one seat or more, among seven bots.
- `isolation`: every request of a game's log checked against its seat's view.
- `runner`: all of them, resumably, on the runner every eval shares; `report`: their summary.
"""
