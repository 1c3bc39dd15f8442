"""The harness around the referee: sessions, actors, model backends, transcripts, CLI."""
