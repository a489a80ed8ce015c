-- The site search's query is read by PostgreSQL's own text parser, the one that made the documents, instead
-- of words split by the application: "7.5", "pn-rs15" or an e-mail address become the same tokens in the
-- query as in the document, and markup typed into the box (<script>…</script>) is no word at all, as it is
-- no word in the documents. Each word token (not the whole of a hyphenated word, whose parts come as
-- well; not a stop word) must begin a word of the document, stemmed as English or as typed. `weight` 'A'
-- limits the match to names. NULL when no word is left.
-- IMMUTABLE although ts_debug is only STABLE (it reads the text search configuration, which never changes
-- here): so the planner computes the query once per statement, not once per row of ts_rank/ts_headline.
DROP FUNCTION search_query(text[], text);--> statement-breakpoint
CREATE FUNCTION search_query(query text, weight text DEFAULT '') RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  result tsquery;
  one tsquery;
  word text;
  quoted text;
BEGIN
  IF weight NOT IN ('', 'A', 'B', 'C', 'D') THEN
    RAISE EXCEPTION 'search_query: weight must be one of A, B, C, D or empty';
  END IF;
  FOR word IN
    SELECT DISTINCT lower(token) FROM ts_debug('english', left(query, 200))
    WHERE lexemes IS NOT NULL AND lexemes <> '{}' AND alias NOT IN ('asciihword', 'hword', 'numhword')
    LIMIT 16
  LOOP
    -- Quoted, so whatever the token holds is a lexeme and never tsquery syntax.
    quoted := '''' || replace(replace(word, '\', '\\'), '''', '''''') || ''':*' || weight;
    one := to_tsquery('english', quoted) || to_tsquery('simple', quoted);
    CONTINUE WHEN numnode(one) = 0;
    result := CASE WHEN result IS NULL THEN one ELSE result && one END;
  END LOOP;
  RETURN result;
END
$$;
