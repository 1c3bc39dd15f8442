"""The rules prompt texts of the text modes (read by evals.prompting)."""
