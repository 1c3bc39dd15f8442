"""refgm's Jinja2 templates, `<game>/<lang>/<name>.j2`; a package so that wheels ship them.

Loaded by `gm.render` through importlib.resources; holds no code.
"""
