"""Who a connection is: a key fingerprint, or a name plus a short reclaim code.

On a LAN most players type ``ssh -p 2222 alice@host`` with whatever key their
ssh offers. When it offers one, the key's fingerprint is the identity and the
name is just a label. Without a key, the name is the identity; the first
connection claims it and is shown a reclaim code, and later connections prove
they are the same person by logging in as ``alice+CODE``.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 4


class IdentityError(Exception):
    """The login name cannot be used; the message is shown to the player."""


@dataclass(frozen=True, slots=True)
class Identity:
    """A player as the host knows them."""

    user_id: str
    name: str
    code: str | None = None
    """Reclaim code, for keyless players only (shown to them, never to others)."""

    @property
    def keyed(self) -> bool:
        return self.user_id.startswith("key:")


def split_login(username: str) -> tuple[str, str | None]:
    """``alice+K3Q7`` → (``alice``, ``K3Q7``); the name is checked, the code upper-cased."""
    name, plus, code = username.partition("+")
    if not NAME_RE.match(name):
        raise IdentityError(
            f"{name!r} is not a usable name: use 1-16 letters, digits, '.', '_' or '-'."
        )
    return name, (code.strip().upper() or None) if plus else None


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def key_user_id(fingerprint: str) -> str:
    return f"key:{fingerprint}"


def name_user_id(name: str) -> str:
    return f"name:{name.lower()}"
