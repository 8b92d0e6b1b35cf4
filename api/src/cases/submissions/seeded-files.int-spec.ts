import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { binary } from '../../../test/export-files';
import { orm } from '../../../../test/kit/member-fixtures';

/**
 * Every file the demo seed names is there and served (issue 17, point 2): the group documents and process files
 * are downloaded through the api, and every stored path of a group or company exists under STORAGE_DIR.
 */
describe('the demo files (real PostgreSQL, the seed’s storage)', () => {
  let api: ApiHarness;
  const rows = <T extends object>(sql: string) => orm(api).getConnection().execute<T[]>(sql);

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const download = async (path: string, token: string) => {
    const response = await api.http().get(`/api/${path}`).set(bearer(token)).buffer(true).parse(binary);
    return { status: response.status, bytes: (response.body as Buffer).length, type: response.headers['content-type'] };
  };

  it('downloads every seeded group document and process file', async () => {
    const admin = await api.login('admin@casebridge.test');
    const groupFiles = await rows<{ id: number; name: string }>(
      "select id, name from group_documents where document_type = 'file' order by id",
    );
    expect(groupFiles.length).toBeGreaterThan(0);
    for (const file of groupFiles) {
      const answer = await download(`super_admin/groups/documents/${file.id}/download`, admin);
      expect({ name: file.name, status: answer.status, type: answer.type }).toEqual({
        name: file.name,
        status: 200,
        type: 'application/pdf',
      });
      expect(answer.bytes).toBeGreaterThan(100);
    }

    const member = await api.login('bm@acme.test');
    const processFiles = await rows<{ id: number; document_id: number }>(
      "select id, document_id from document_files where document_type = 'file' order by id",
    );
    expect(processFiles.length).toBeGreaterThan(0);
    for (const file of processFiles) {
      const answer = await download(`caller/documents/${file.document_id}/files/${file.id}/download`, member);
      expect([answer.status, answer.type]).toEqual([200, 'application/pdf']);
    }
  });

  it('has every stored path of the groups and companies on disk', async () => {
    const storage = process.env.STORAGE_DIR || 'var/storage';
    const paths = await rows<{ path: string }>(
      `select unnest(array[code_of_conduct_path, current_license_path, addendum_path, banner_path, logo_path]) as path
        from communities
      union all select logo_path from companies
      union all select file_path from group_documents
      union all select file_path from document_files`,
    );
    const named = paths.map((row) => row.path).filter((path): path is string => !!path);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((path) => !existsSync(join(storage, path)))).toEqual([]);
  });
});
