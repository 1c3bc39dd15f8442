"""Consistency evals of models as game masters: player simulators, game modes, scorers, reports.

`chat` splits a pasted chat into messages, `reading` turns game-master text into typed
observations, `scorers` judges those observations with the referee's knowledge tools;
`players` simulate players, `modes` play one game per mode, `runner` plays many and
`report` sums them up. Everything here is pure except `runner` and `report`'s writers.
"""
