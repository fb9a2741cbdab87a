"""Command line entry point; the SSH host lands with issue 3."""

import sys


def main(argv: list[str] | None = None) -> int:
    print("meldhall: the SSH host is not built yet (issue 3); run `make test` for the engine.")
    return 1


if __name__ == "__main__":
    sys.exit(main())
