-- Spec 6 country permissions (issue 34): every country the store sells in lets signed-in buyers buy team
-- subscriptions (with additional and 10-based seats) and their veterinary variants; operators take them away
-- per country. Until now every country had none, and nothing read them.
UPDATE "countries" SET "permissions" = ARRAY['TEAM_SUBSCRIPTIONS', 'VET_VARIANTS']::text[] WHERE "is_enabled" AND "permissions" = '{}'::text[];
