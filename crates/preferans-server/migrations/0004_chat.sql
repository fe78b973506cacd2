-- Each table's last chat lines (the store forgets older ones as new ones come), so that a
-- restart keeps what was said.
CREATE TABLE pref_chat (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
