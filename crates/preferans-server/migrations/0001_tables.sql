-- Tables, their seats and their action logs. Portable SQL: SQLite and PostgreSQL run it as is.
CREATE TABLE pref_tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    owner TEXT,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);

CREATE TABLE pref_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE pref_actions (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
