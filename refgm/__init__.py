"""The `refgm` command line: the top layer, above the referee, the harness and the evals.

One subcommand per module in `refgm.commands`; `refgm.cli.main` is the console script.
"""
