-- A person who claimed a seat during a hand: how many of that hand's calls and cards came
-- before him (the move timer's, for the free seat), so that the calls line does not name him
-- for them after a restart. 0: claimed between hands (or before this column existed).
ALTER TABLE pref_seats ADD COLUMN calls_before BIGINT NOT NULL DEFAULT 0;
