"""Management commands for one site's settings, run one after another by a process that set Django
up once (`services.manage`): a `manage.py` of its own took 2 s of a core to start, at each of some
hundred calls of a test run. Each line in is a command's arguments (JSON); each reply a line out,
after MARK, with its output and whether it ended well. Between commands the process forgets what a
new one would not know: its database connections, its language and time zone, its in-memory
caches."""

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
    from django.core.management import call_command, get_commands, load_command_class
    from django.db import connections
    from django.utils import timezone, translation

    # The commands come on a copy of standard input and the replies go on a copy of standard output;
    # a command's own reading finds nothing, and what it writes straight to the process's output
    # goes to its error output: neither can take a command or break a reply.
    commands = os.fdopen(os.dup(0))
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull)
    for line in commands:
        out, err = io.StringIO(), io.StringIO()
        ok = True
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                name, *arguments = json.loads(line)
                command = load_command_class(get_commands()[name], name)
                # Its system checks too, as manage.py runs them (call_command skips them).
                checks = {"skip_checks": False} if command.requires_system_checks else {}
                call_command(command, *arguments, stdout=out, stderr=err, **checks)
        except SystemExit as ended:  # as manage.py would have ended
            ok = ended.code in (0, None)
        except BaseException:
            ok = False
            err.write(traceback.format_exc())
        finally:
            connections.close_all()
            translation.deactivate()
            timezone.deactivate()
            for cache in caches.all():
                if isinstance(cache, LocMemCache):
                    cache.clear()
        replies.write(MARK + json.dumps({"ok": ok, "out": out.getvalue(), "err": err.getvalue()}) + "\n")
        replies.flush()


if __name__ == "__main__":
    main()
