"""From an SSH login to a player: names bound to identities, reclaim codes checked.

The SSH layer hands over the login (``alice`` or ``alice+CODE``), the fingerprint of
the key whose signature was verified (None otherwise) and the peer's address. A
refusal is an ``IdentityError`` whose message is one line for the player, and it
changes nothing in the store.
"""

from __future__ import annotations

import logging

from netcode.guard import Guard, seconds
from netcode.identity import (
    CODE_LENGTH,
    Identity,
    IdentityError,
    check_code,
    check_name,
    format_code,
    hash_code,
    key_user_id,
    name_user_id,
    new_code,
    split_login,
)
from netcode.store import Store

log = logging.getLogger(__name__)


class Registry:
    """Who may use which name, and proof for the keyless."""

    def __init__(self, store: Store, guard: Guard | None = None) -> None:
        self.store = store
        self.guard = guard if guard is not None else Guard()

    def identify(self, login: str, fingerprint: str | None, address: str = "?") -> Identity:
        """The player behind a login, or ``IdentityError`` saying why not."""
        name, code = split_login(login)
        check_name(name)
        if fingerprint is not None:
            user_id = key_user_id(fingerprint)
            self._refuse_if_held(name, self.store.claim(user_id, name))
            return Identity(user_id, name)
        user_id = name_user_id(name)
        owner = self.store.name_owner(name)
        if owner is not None and owner != user_id:
            raise IdentityError(
                f"The name {name} belongs to a player who signs in with a key; "
                "choose another name."
            )
        known = self.store.get_user(user_id)
        if known is None:
            fresh = new_code()
            self._refuse_if_held(name, self.store.claim(user_id, name, hash_code(fresh)))
            return Identity(user_id, name, fresh)
        if code is None:
            raise IdentityError(
                f"The name {name} is taken. If it is yours, connect as {name}+CODE with the "
                "code you were shown; otherwise choose another name."
            )
        return self._reclaim(user_id, known, code, address)

    @staticmethod
    def _refuse_if_held(name: str, holder: str | None) -> None:
        if holder is None:
            return
        if holder == name.lower():
            raise IdentityError(f"The name {name} belongs to another player; choose another name.")
        raise IdentityError(
            f"The name {name} looks too much like {holder}, another player's; "
            "choose another name."
        )

    def _reclaim(self, user_id: str, known: tuple[str, str | None], code: str,
                 address: str) -> Identity:
        name, stored = known
        keys = (("name", user_id), ("address", address))
        wait = self.guard.wait(keys[0])
        if wait > 0:
            raise IdentityError(
                f"Too many wrong codes were tried for {name}; try again in {seconds(wait)}."
            )
        wait = self.guard.wait(keys[1])
        if wait > 0:  # someone else on a shared network may have guessed: not named
            raise IdentityError(
                f"Too many wrong codes came from your address; try again in {seconds(wait)}, "
                "or connect with an SSH key (no code needed)."
            )
        if not check_code(code, stored):
            self.guard.failed(*keys)
            log.info("wrong reclaim code for %s from %s", name, address)
            raise IdentityError(
                f"That is not the code for {name}. Connect as {name}+CODE with the code you "
                "were shown, or choose another name."
            )
        self.guard.succeeded(keys[0])
        if len(code) != CODE_LENGTH:  # a short code from before: replace it with a long one
            code = new_code()
            self.store.set_code(user_id, hash_code(code))
        return Identity(user_id, name, format_code(code))
