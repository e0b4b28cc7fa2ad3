/**
 * Stored files get an unguessable key: uploads and project banners
 * were named by their serial id, which anyone could count. Existing rows get
 * a random key here; projects that referred to a banner by its id now refer
 * to it by its key.
 */
export const id = '0005_file_keys';

export const sql = /* sql */ `
ALTER TABLE uploads ADD COLUMN key text;
UPDATE uploads SET key = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE uploads ALTER COLUMN key SET NOT NULL;
CREATE UNIQUE INDEX uploads_key_idx ON uploads (key);

ALTER TABLE project_banners ADD COLUMN key text;
UPDATE project_banners SET key = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE project_banners ALTER COLUMN key SET NOT NULL;
CREATE UNIQUE INDEX project_banners_key_idx ON project_banners (key);
UPDATE projects SET banner = b.key FROM project_banners b WHERE projects.banner = b.id::text;
`;
