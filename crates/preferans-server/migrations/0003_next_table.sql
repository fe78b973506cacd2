-- The table where the same seats play their next game (a rematch), once one is started.
ALTER TABLE pref_tables ADD COLUMN next_table TEXT;
