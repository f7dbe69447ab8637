"""Management commands for one site's settings, run one after another by a process that set Django
up once (`services.manage`): a `manage.py` of its own took 2 s of a core to start, at each of some
hundred calls of a test run. Each line in is a command's arguments (JSON); each reply a line out,
after MARK, with its output and whether it ended well. Between commands the process forgets what a
new one would not know: its database connections, its language, its in-memory caches."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import traceback

#: What opens a reply's line: anything else a command writes straight to the process's output is
#: passed over.
MARK = "\x00polis-manage "


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")
    import django

    django.setup()
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache
    from django.core.management import call_command
    from django.db import connections
    from django.utils import translation

    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w")
    for line in sys.stdin:
        out, err = io.StringIO(), io.StringIO()
        ok = True
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                call_command(*json.loads(line), stdout=out, stderr=err)
        except BaseException:  # a command's SystemExit too: the process goes on
            ok = False
            err.write(traceback.format_exc())
        finally:
            connections.close_all()
            translation.deactivate()
            for cache in caches.all():
                if isinstance(cache, LocMemCache):
                    cache.clear()
        replies.write(MARK + json.dumps({"ok": ok, "out": out.getvalue(), "err": err.getvalue()}) + "\n")
        replies.flush()


if __name__ == "__main__":
    main()
