"""The `_xsrf` cookie for Voilà's page, set by the server's identity provider (notebooks/voila.py).

The page shuts its kernel down when it is closed or reloaded, with a request that carries this cookie; without it the
server refuses the request (voila-dashboards/voila#1458) and every reload leaves a kernel running until it is culled.
Voilà's own page handler never sets it. A prelaunch hook could, but Voilà refuses one together with preheated
kernels (the app's fast start); the identity provider sees every request, the page's included, so it sets it instead.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from voila.handler import VoilaHandler


class PageCookieIdentity(PasswordIdentityProvider):
    """Voilà's default identity provider, which also sets the `_xsrf` cookie on the page's own request."""

    def get_user(self, handler: Any) -> Any:
        user = super().get_user(handler)  # the password provider answers at once (no coroutine)
        if isinstance(handler, VoilaHandler):
            handler.current_user = user  # as the handler's prepare() sets it next: the cookie's lifetime depends on it
            handler.xsrf_token  # noqa: B018 - reading the token sets the cookie (tornado's RequestHandler.xsrf_token)
        return user
