"""Consistency evals of models as game masters, and audits of games played elsewhere.

- `players`, `utterances`: seeded player simulators and what they type in ko, ja and en.
- `gamemasters`, `faults`, `prompting`: game masters that write whole replies (a model
  given the rules prompt, the referee as a perfect one, a faulty one) and the rules prompt.
- `modes`: one game in harness, unassisted or rules-prompt mode; `runner`: many, resumably.
- `chat`, `reading`, `observed`: a chat split into messages, replies read into typed turns.
- `scorers`: the judgement of those turns with the referee's knowledge tools.
- `audit`, `report`: an audit of a chat or log, and the summary of a run.
- `monorail`: Monorail's evals (a model judging moves and positions without the referee),
  on the same runner and in the same report.

Everything but `runner` is free of file I/O; the commands in refgm/commands do the rest.
"""
