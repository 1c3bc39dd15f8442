"""refgm's evals as Inspect AI tasks (the `inspect` extra: `pip install '.[inspect]'`).

`inspect eval refgm/liar_gm --model openai/gpt-4o-mini` plays the same seeded games as
`refgm eval`, each game one sample (and `refgm/monorail_judge`, `refgm/monorail_opponent`,
`refgm/garnet_payout`, `refgm/garnet_players` the units of `refgm eval --game monorail|garnet`): the solver drives refgm's own session with Inspect's
model (`evals.inspect.backend` adapts it to gm.backends' interface), and the scorer is the
referee's, the same results line `refgm eval` writes. `refgm inspect LOG --out RUN_DIR`
turns a log back into `RUN_DIR/results.jsonl` for `refgm report`.

Only this package imports inspect_ai, and nothing else in evals imports it. The tasks are
registered through the `inspect_ai` entry point, `refgm.inspect_tasks`: Inspect names a task
after the top package of the module that defines it, so `refgm/liar_gm` is defined there.
"""
