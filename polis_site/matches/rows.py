"""The write path's statements, in SQL compiled once per database, with Django's own field
conversions: the locked read of a match with its players' names, then the insert of a log entry
with the update of the match (one statement on PostgreSQL).

Through the ORM, compiling these queries was most of a move's time in the database thread (a
select_related query is rebuilt from scratch at each call; docs/bench.md). The SQL is built from
the models' metadata, so a renamed column or table follows; the values pass through each field's
`get_db_prep_save` and come back through the converters the ORM would apply.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections, models

from polis_site.matches.models import ActionRecord, Match

#: What a write reads of the players: a name for the views, an address for the email.
PLAYER_FIELDS = ("id", "username", "email")

Converter = Callable[[Any, Any, Any], Any]
#: A column as the ORM reads it: the expression its converters expect, and the converters.
Reader = tuple[Any, list[Converter]]


def _reader(field: models.Field, alias: str) -> Reader:
    """What the ORM applies to a column's raw value on the way back (datetimes on SQLite, JSON)."""
    connection = connections[alias]
    column = field.get_col(field.model._meta.db_table)
    return column, [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]


def _convert(readers: Sequence[Reader], row: Sequence[Any], alias: str) -> list[Any]:
    connection = connections[alias]
    values = []
    for (column, converters), value in zip(readers, row):
        for convert in converters:
            value = convert(value, column, connection)
        values.append(value)
    return values


class LockedRead:
    """`SELECT` a match row (only `field_names`) and its two players, locked on databases that can."""

    def __init__(self, field_names: Sequence[str], alias: str) -> None:
        connection = connections[alias]
        quote = connection.ops.quote_name
        user_model = get_user_model()
        self.alias = alias
        # In the model's order: Model.from_db places the values of a partial row by it.
        wanted = {Match._meta.get_field(name) for name in ("id", "athens", "sparta", *field_names)}
        self.match_fields = [f for f in Match._meta.concrete_fields if f in wanted]
        self.user_fields = [f for f in user_model._meta.concrete_fields if f.name in PLAYER_FIELDS]
        self.match_readers = [_reader(f, alias) for f in self.match_fields]
        self.user_readers = [_reader(f, alias) for f in self.user_fields]
        columns = [f"m.{quote(f.column)}" for f in self.match_fields]
        for seat in ("a", "s"):
            columns += [f"{seat}.{quote(f.column)}" for f in self.user_fields]
        users = quote(user_model._meta.db_table)
        lock = " FOR UPDATE OF m" if connection.features.has_select_for_update_of else ""
        user_pk = quote(user_model._meta.pk.column)
        self.sql = (f"SELECT {', '.join(columns)} FROM {quote(Match._meta.db_table)} m"
                    f" LEFT JOIN {users} a ON a.{user_pk} = m.{quote(Match._meta.get_field('athens').column)}"
                    f" LEFT JOIN {users} s ON s.{user_pk} = m.{quote(Match._meta.get_field('sparta').column)}"
                    f" WHERE m.{quote(Match._meta.pk.column)} = %s{lock}")

    def __call__(self, match_id: int) -> Match | None:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, [match_id])
            row = cursor.fetchone()
        if row is None:
            return None
        width = len(self.match_fields)
        values = _convert(self.match_readers, row[:width], self.alias)
        match = Match.from_db(self.alias, [f.attname for f in self.match_fields], values)
        user_model = get_user_model()
        for seat, start in (("athens", width), ("sparta", width + len(self.user_fields))):
            user_row = row[start:start + len(self.user_fields)]
            user = None
            if any(value is not None for value in user_row):  # an empty seat joins nothing
                user = user_model.from_db(self.alias, [f.attname for f in self.user_fields],
                                          _convert(self.user_readers, user_row, self.alias))
            setattr(match, seat, user)
        return match


@cache
def locked_read(field_names: tuple[str, ...], alias: str = "default") -> LockedRead:
    return LockedRead(field_names, alias)


def append(record: ActionRecord, match: Match, field_names: tuple[str, ...], alias: str = "default") -> None:
    """`INSERT` the new log entry `record` and `UPDATE` these columns of `match` (auto_now and
    auto_now_add stamped as the ORM would); sets the record's pk.

    On PostgreSQL both go in one statement (the insert in the update's WITH): each statement is a
    round trip to the server, which a move waits for (docs/bench.md).
    """
    connection = connections[alias]
    record_fields, insert_sql = _insert(alias)
    match_fields, update_sql = _update(field_names, alias)
    record_values = [f.get_db_prep_save(f.pre_save(record, add=True), connection) for f in record_fields]
    match_values = [f.get_db_prep_save(f.pre_save(match, add=False), connection) for f in match_fields]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_insert_and_update(field_names, alias), [*record_values, *match_values, match.pk])
            record.pk = cursor.fetchone()[0]
        else:
            cursor.execute(insert_sql, record_values)
            record.pk = _inserted_pk(cursor, connection)
            cursor.execute(update_sql, [*match_values, match.pk])
    record._state.adding = False
    record._state.db = alias


def update_match(match: Match, field_names: tuple[str, ...], alias: str = "default") -> None:
    """`UPDATE` these columns of the match row (auto_now ones stamped as the ORM would)."""
    connection = connections[alias]
    fields, sql = _update(field_names, alias)
    values = [f.get_db_prep_save(f.pre_save(match, add=False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, match.pk])


def _inserted_pk(cursor: Any, connection: Any) -> int:
    if connection.features.can_return_columns_from_insert:
        return cursor.fetchone()[0]
    return connection.ops.last_insert_id(cursor, ActionRecord._meta.db_table, ActionRecord._meta.pk.column)


@cache
def _insert(alias: str) -> tuple[list[models.Field], str]:
    connection = connections[alias]
    quote = connection.ops.quote_name
    fields = [f for f in ActionRecord._meta.concrete_fields if not f.primary_key]
    returning = (f" RETURNING {quote(ActionRecord._meta.pk.column)}"
                 if connection.features.can_return_columns_from_insert else "")
    return fields, (f"INSERT INTO {quote(ActionRecord._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
                    f"VALUES ({', '.join(['%s'] * len(fields))}){returning}")


@cache
def _update(field_names: tuple[str, ...], alias: str) -> tuple[list[models.Field], str]:
    quote = connections[alias].ops.quote_name
    fields = [Match._meta.get_field(name) for name in field_names]
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    return fields, f"UPDATE {quote(Match._meta.db_table)} SET {assignments} WHERE {quote(Match._meta.pk.column)} = %s"


@cache
def _insert_and_update(field_names: tuple[str, ...], alias: str) -> str:
    """PostgreSQL: `WITH record AS (INSERT ... RETURNING id) UPDATE ... RETURNING (SELECT id FROM record)`."""
    _, insert_sql = _insert(alias)
    _, update_sql = _update(field_names, alias)
    pk = connections[alias].ops.quote_name(ActionRecord._meta.pk.column)
    return f"WITH record AS ({insert_sql}) {update_sql} RETURNING (SELECT {pk} FROM record)"
