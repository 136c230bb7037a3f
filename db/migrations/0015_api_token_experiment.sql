-- Issue 40: a token minted on Connect a trainer for one experiment reads only that experiment (its review
-- gate's proposals), never the rest of the lab. Null for every other token, which read as before.
ALTER TABLE `api_tokens` ADD `experiment_id` text;