// Notices (issue 17): scope per role and company (a user of another company never sees a scoped notice,
// logged-out visitors see notices for everyone), HTML sanitising (no script survives), attachment access
// follows the notice's visibility, and only roles 1 and 2 manage notices.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './harness';

const t = setupTestApp();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(file: Buffer, name: string) {
  const boundary = `----notice${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function world() {
  const A = await t.factory.company();
  const B = await t.factory.company();
  const sys = await t.factory.user({ roleId: 1 });
  const svc = await t.factory.user({ roleId: 2 });
  const a3 = await t.factory.user({ roleId: 3, companyId: A.id, department: 'QA' });
  const a4 = await t.factory.user({ roleId: 4, companyId: A.id, department: 'Line' });
  const b3 = await t.factory.user({ roleId: 3, companyId: B.id, department: 'QA' });
  return { A, B, sys, svc, a3, a4, b3 };
}

async function createNotice(headers: Record<string, string>, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/notices', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; content: string };
}

const titlesFor = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/api/notices?perPage=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as { title: string }[]).map((n) => n.title);
};

describe('notices', () => {
  it('scope: everyone, one company, one department; another company never sees a scoped notice', async () => {
    const w = await world();
    const svc = await t.loginAs(w.svc);
    const tag = randomBytes(3).toString('hex');
    await createNotice(svc, { title: `all ${tag}`, content: '<p>hi</p>' });
    const scoped = await createNotice(svc, { title: `A ${tag}`, scope: 'company', company_id: w.A.id });
    const dept = await createNotice(await t.loginAs(w.sys), {
      title: `A-QA ${tag}`,
      scope: 'department',
      company_id: w.A.id,
      department: 'QA',
    });
    const mine = (list: string[]) => list.filter((x) => x.endsWith(tag)).sort();

    expect(mine(await titlesFor())).toEqual([`all ${tag}`]);
    expect(mine(await titlesFor(await t.loginAs(w.a3)))).toEqual([`A ${tag}`, `A-QA ${tag}`, `all ${tag}`]);
    expect(mine(await titlesFor(await t.loginAs(w.a4)))).toEqual([`A ${tag}`, `all ${tag}`]);
    expect(mine(await titlesFor(await t.loginAs(w.b3)))).toEqual([`all ${tag}`]);
    expect(mine(await titlesFor(await t.loginAs(w.svc)))).toHaveLength(3);

    // The detail of a scoped notice is 404 for outsiders (existence is not revealed).
    for (const [h, status] of [
      [{}, 404],
      [await t.loginAs(w.b3), 404],
      [await t.loginAs(w.a4), 200],
    ] as const) {
      const res = await t.app.inject({ url: `/api/notices/${scoped.id}`, headers: h });
      expect(res.statusCode).toBe(status);
    }
    const deptForLine = await t.app.inject({
      url: `/api/notices/${dept.id}`,
      headers: await t.loginAs(w.a4),
    });
    expect(deptForLine.statusCode).toBe(404);

    // Admin list groups: notices for everyone vs for a company or department.
    const grouped = await t.app.inject({ url: '/api/admin/notices?group=company&perPage=100', headers: svc });
    expect(mine(grouped.json().data.data.map((n: { title: string }) => n.title))).toEqual([
      `A ${tag}`,
      `A-QA ${tag}`,
    ]);
  });

  it('sanitises rich text: no script, handler or javascript: link survives', async () => {
    const w = await world();
    const html =
      '<h2>Update</h2><p onclick="steal()">Text <b>bold</b><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.com">ok</a>' +
      '<iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg><p style="color:red">s</p>';
    const n = await createNotice(await t.loginAs(w.svc), { title: 'html', content: html });
    const read = await t.app.inject({ url: `/api/notices/${n.id}` });
    const content = read.json().data.content as string;
    expect(content).toContain('<h2>Update</h2>');
    expect(content).toContain('<b>bold</b>');
    expect(content).toContain('href="https://example.com"');
    expect(content).toContain('rel="noopener noreferrer"');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<svg', 'style=', 'alert('])
      expect(content).not.toContain(bad);
    // Updates are sanitised too.
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/notices/${n.id}`,
      headers: await t.loginAs(w.svc),
      payload: { title: 'html 2', content: '<p>a</p><script>x()</script>' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.content).toBe('<p>a</p>');
  });

  it('only roles 1 and 2 manage; scope needs a real company and a department', async () => {
    const w = await world();
    for (const u of [w.a3, w.a4]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/notices',
        headers: await t.loginAs(u),
        payload: { title: 'x' },
      });
      expect(res.statusCode).toBe(403);
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/admin/notices', payload: { title: 'x' } });
    expect(anon.statusCode).toBe(401);
    const svc = await t.loginAs(w.svc);
    const noCompany = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: svc,
      payload: { title: 'x', scope: 'company' },
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().error.field).toBe('company_id');
    const noDept = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: svc,
      payload: { title: 'x', scope: 'department', company_id: w.A.id },
    });
    expect(noDept.statusCode).toBe(400);
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notices',
      headers: svc,
      payload: { title: 'x', scope: 'company', company_id: 987654 },
    });
    expect(ghost.statusCode).toBe(400);
  });

  it('attachments: stored, typed from their bytes, served only to readers of the notice, removed with it', async () => {
    const w = await world();
    const svc = await t.loginAs(w.svc);
    const pub = await createNotice(svc, { title: 'public with pdf' });
    const scoped = await createNotice(svc, {
      title: 'scoped with pdf',
      scope: 'company',
      company_id: w.A.id,
    });
    const up = async (id: number, file: Buffer, name: string, h: Record<string, string> = svc) => {
      const m = multipart(file, name);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/notices/${id}/attachments`,
        payload: m.payload,
        headers: { ...h, ...m.headers },
      });
    };
    const a1 = await up(pub.id, PDF, 'guide.pdf');
    expect(a1.statusCode, a1.body).toBe(201);
    expect(a1.json().data).toMatchObject({
      file_name: 'guide.pdf',
      content_type: 'application/pdf',
      is_pdf: true,
    });
    const fake = await up(pub.id, Buffer.from('<html><script>alert(1)</script></html>'), 'fake.pdf');
    expect(fake.json().data).toMatchObject({ content_type: 'application/octet-stream', is_pdf: false });
    expect((await up(pub.id, PDF, 'x.pdf', await t.loginAs(w.a3))).statusCode).toBe(403);

    const pdfUrl = a1.json().data.url as string;
    const get = await t.app.inject({ url: pdfUrl });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.rawPayload.equals(PDF)).toBe(true);
    const html = await t.app.inject({ url: fake.json().data.url });
    expect(html.headers['content-disposition']).toMatch(/^attachment/);

    const s1 = await up(scoped.id, PDF, 'secret.pdf');
    const secretUrl = s1.json().data.url as string;
    expect((await t.app.inject({ url: secretUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: secretUrl, headers: await t.loginAs(w.b3) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: secretUrl, headers: await t.loginAs(w.a4) })).statusCode).toBe(200);
    // An attachment id under another notice's id is not found.
    const crossed = secretUrl.replace(`/notices/${scoped.id}/`, `/notices/${pub.id}/`);
    expect((await t.app.inject({ url: crossed })).statusCode).toBe(404);

    const attId = s1.json().data.id as string;
    expect(await t.deps.storage.stat(`notices/${attId}`)).not.toBeNull();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/notices/${scoped.id}`,
      headers: svc,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.deps.storage.stat(`notices/${attId}`)).toBeNull();
    expect((await t.app.inject({ url: secretUrl, headers: await t.loginAs(w.a4) })).statusCode).toBe(404);
  });
});
