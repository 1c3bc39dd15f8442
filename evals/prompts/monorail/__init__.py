"""The Monorail judge eval's texts to the model, per language (read by evals.monorail.judge)."""
