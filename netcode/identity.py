"""Who a connection is: a verified key, or a name plus its reclaim code.

On a LAN most players type ``ssh -p 2222 alice@host`` with whatever key their
ssh offers. When a key's signature was the way in (never when it was merely
offered), the key's fingerprint is the identity. Without a key, the name is the
identity: the first connection claims it and is shown a reclaim code, and later
connections prove they are the same person by logging in as ``alice+CODE``.

Either way a name belongs to the identity that first took it, and is shown as
that identity's verified name (with ``VERIFIED_MARK`` for key players), so
nobody can chat or sit under somebody else's name.

Reclaim codes are 12 characters from a 31-letter alphabet with no look-alikes
(31^12 is about 2^59.4), shown in three groups (``K3Q7-M9XP-R2TW``) and read
without regard to case, dashes or spaces. They are stored only as a salted
SHA-256: a slow hash (scrypt) would make every login attempt cost the host tens of
milliseconds of CPU, a lever for anyone flooding the login, while searching 2^59
codes offline still costs a GPU years per code, and online guessing is throttled
(``netcode.guard``). Comparisons use ``hmac.compare_digest``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,15}$")
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_GROUPS = 3
CODE_GROUP = 4
CODE_LENGTH = CODE_GROUPS * CODE_GROUP
HASH_SCHEME = "s256"
VERIFIED_MARK = "\u2713"
"""Shown after a key player's name in seats and chat (names themselves are ASCII only)."""

RESERVED_NAMES = frozenset({
    "spectator", "spectators", "root", "moderator", "mod", "operator", "sysop", "lobby",
    "table", "dealer", "seat", "you", "everyone", "nobody", "anonymous", "guest",
})
RESERVED_PREFIXES = ("bot", "host", "server", "system", "meldhall", "admin")
"""Names that would read as the room itself talking, or as a bot, in seats and chat."""


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

    @property
    def display(self) -> str:
        """The name as others see it in seats and chat."""
        return display_name(self.user_id, self.name)


def display_name(user_id: str | None, name: str) -> str:
    """A verified name, marked when a key's signature proved it."""
    return name + VERIFIED_MARK if user_id and user_id.startswith("key:") else name


def split_login(username: str) -> tuple[str, str | None]:
    """``alice+k3q7-m9xp-r2tw`` → (``alice``, ``K3Q7M9XPR2TW``): the name checked, the code
    upper-cased with dashes and spaces taken out."""
    name, plus, code = username.partition("+")
    if not NAME_RE.match(name):
        shown = name if len(name) <= 20 else name[:16] + "..."  # one line, however long
        raise IdentityError(
            f"{shown!r} is not a usable name: use 1-16 letters a-z, digits, '.', '_' or '-'."
        )
    return name, (normalize_code(code) or None) if plus else None


def check_name(name: str) -> None:
    """Refuse the names reserved for the room itself, bots and spectators."""
    low = name.lower()
    if low in RESERVED_NAMES or low.startswith(RESERVED_PREFIXES):
        raise IdentityError(f"The name {name} is reserved; choose another name.")


_SKELETON = str.maketrans({"0": "o", "1": "l", "i": "l", "_": None, "-": None, ".": None})


def name_skeleton(name: str) -> str:
    """What a name looks like at a glance: ``Al1ce``, ``alice`` and ``a.lice`` look alike.

    Case, 0/o, 1/l/I and the separators are what a terminal font lets people
    confuse, so a new name whose skeleton matches someone else's is refused.
    """
    return name.lower().translate(_SKELETON)


def normalize_code(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch not in "- \t")


def new_code() -> str:
    """A fresh reclaim code, grouped for reading aloud: ``K3Q7-M9XP-R2TW``."""
    return format_code("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))


def format_code(code: str) -> str:
    code = normalize_code(code)
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def hash_code(code: str) -> str:
    """The stored form of a code: ``s256$SALT$DIGEST`` with a fresh 16-byte salt."""
    salt = secrets.token_bytes(16)
    return f"{HASH_SCHEME}${salt.hex()}${_digest(salt, normalize_code(code)).hex()}"


def check_code(code: str, stored: str | None) -> bool:
    """Whether ``code`` is the one ``stored`` (hashed, or a plain code from before hashing)."""
    if not stored:
        return False
    typed = normalize_code(code)
    scheme, _, rest = stored.partition("$")
    if scheme != HASH_SCHEME:
        return hmac.compare_digest(typed.encode(), normalize_code(stored).encode())
    salt_hex, _, digest_hex = rest.partition("$")
    try:
        salt, digest = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
    except ValueError:
        return False
    return hmac.compare_digest(_digest(salt, typed), digest)


def is_hashed(stored: str | None) -> bool:
    return bool(stored) and str(stored).startswith(HASH_SCHEME + "$")


def _digest(salt: bytes, code: str) -> bytes:
    return hashlib.sha256(salt + code.encode()).digest()


def key_user_id(fingerprint: str) -> str:
    return f"key:{fingerprint}"


def name_user_id(name: str) -> str:
    return f"name:{name.lower()}"
