-- The dashboard's accent-insensitive search, as src/text/searchFold.ts folds a name (SQLite gets
-- that function from the server process; PostgreSQL holds its own): decomposed, marks removed,
-- ligatures spelt out, lower case, hyphens, apostrophes, dots and spaces as one space.
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(replace(replace(replace(replace(replace(
    regexp_replace(normalize(value, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')),
    '[-''’‘ʼ.[:space:]]+', ' ', 'g'))
$$;
