#!/bin/sh
# Run by the postgres image when its data volume is first created: the api's own login role. The round engine's
# migrations (0015) give it exactly what an api node needs and nothing of the fairness secrets. On a database created
# before this file existed: `ALTER ROLE winround_api LOGIN PASSWORD '…'` once the engine has migrated it.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v pw="$API_DB_PASSWORD" <<'SQL'
CREATE ROLE winround_api LOGIN PASSWORD :'pw';
SQL
