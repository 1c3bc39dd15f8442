"""One module per `refgm` subcommand; each exposes `register(subparsers)`."""
