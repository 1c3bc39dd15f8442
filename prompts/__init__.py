"""refgm's Jinja2 templates, one folder per language; a package so that wheels ship them.

Loaded by `gm.render` through importlib.resources; holds no code.
"""
