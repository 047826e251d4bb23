import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackEnv, stackUrl } from '../support/stack';
import { putObjects } from '../support/media';

/** GET with the path exactly as written: fetch would resolve the dot segments first. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(stackUrl());
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('/uploads', () => {
  beforeAll(async () => {
    await putObjects('MEDIA_BUCKET', [{ key: 'photos/avatar.png', type: 'image/png', body: 'public photo' }]);
    // A type /uploads would serve: only the path rules may keep it out.
    await putObjects('FILES_BUCKET', [{ key: 'secret.pdf', type: 'application/pdf', body: 'private project' }]);
  });

  it('serves objects of the media bucket', async () => {
    const response = await fetch(`${stackUrl()}/uploads/photos/avatar.png`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public photo');
  });

  it('never reaches another bucket through dot segments or encoded slashes', async () => {
    const env = stackEnv();
    for (const path of [
      `/uploads/../${env.FILES_BUCKET}/secret.pdf`,
      `/uploads/..%2F${env.FILES_BUCKET}%2Fsecret.pdf`,
      `/uploads/%2E%2E/${env.FILES_BUCKET}/secret.pdf`,
      '/uploads/%E0%A4%A',
    ]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('private project');
    }
  });
});
