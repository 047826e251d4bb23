/**
 * A member's own profile through the local gateway and the real users and auth handlers, DynamoDB
 * Local, the local S3 and the outbox: PUT /user/update with every rule of spec 2 section 5 and only
 * the changed fields; the e-mail change re-verified by the new address (the old one told); the
 * photo checked by its bytes; an expert's education and work experience; and who may call what.
 */
import { describe, expect, it } from 'vitest';
import type { Account } from '../../shared/schemas/account';
import type { ExpertCard, ExpertProfile } from '../../shared/schemas/catalogue';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInNewExpert, signedInStudent, signedInWith } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { HTML_AS_IMAGE, JPEG_IMAGE, pngImage, WEBP_IMAGE } from '../support/images';
import { duringMailOutage, latestMail, linkIn, mailsTo, uniqueEmail } from '../support/outbox';

type Answer = { msg: string; code?: string; user: Account };
const update = (client: ApiClient, body: unknown) => client.request<Answer>('PUT', '/user/update', body);
const me = async (client: ApiClient) => (await client.get<Account>('/auth/user')).body;
const SEARCH_FRESH = { interval: 200 };

async function uploadPhoto(client: ApiClient, bytes: Buffer, fileName: string, type = 'image/jpeg', field = 'profilePhoto') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await fetch(`${stackUrl()}/api/user/upload-photo`, {
    method: 'POST',
    body: form,
    headers: { origin: stackUrl(), authorization: `Bearer ${client.accessToken}` },
  });
  return { status: response.status, body: (await response.json()) as { profilePhoto?: string; msg?: string; code?: string } };
}

const EDUCATION = { institution: 'Université Paris-Dauphine', level: 'Master', degree: 'MSc Finance', year: '2015' };
const WORK = {
  company: 'Banque Lumière',
  position: 'Credit analyst',
  startDate: '09/2016',
  endDate: 'Present',
  description: 'Assessed mid-market credit files and built the rating models the committee used.',
};

describe('PUT /user/update', () => {
  it('saves only the fields that changed, stripped of markup, and says so', async () => {
    const { client } = await signedInStudent();
    const answer = await update(client, { firstName: '  <b>Camille</b> ', city: 'Lyon', country: 'France', phoneNumber: '+33 6 12 34 56 78' });
    expect(answer).toMatchObject({
      status: 200,
      body: { msg: MSG.profileUpdated, user: { firstName: 'Camille', city: 'Lyon', phoneNumber: '+33 6 12 34 56 78' } },
    });
    expect(await me(client)).toMatchObject({ firstName: 'Camille', city: 'Lyon', country: 'France' });
    // The same values again are no change.
    expect(await update(client, { firstName: 'Camille', city: 'Lyon' })).toMatchObject({ status: 400, body: { msg: MSG.noChanges, code: 'no_changes' } });
    expect(await update(client, {})).toMatchObject({ status: 400, body: { msg: MSG.noChanges, code: 'no_changes' } });
    // Text is cut at 2000 characters once stripped.
    const long = await update(client, { lastName: `${'x'.repeat(2100)}` });
    expect(long.status).toBe(200);
    expect(long.body.user.lastName).toHaveLength(2000);
  });

  it('answers every rule with the spec message and changes nothing', async () => {
    const { client } = await signedInStudent();
    const before = await me(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: ' A ' }, MSG.firstNameTooShort],
      [{ lastName: '<i>B</i>' }, MSG.lastNameTooShort],
      [{ city: 'X' }, MSG.cityTooShort],
      [{ country: ' ' }, MSG.countryTooShort],
      [{ phoneNumber: '1234' }, MSG.phoneTooShort],
      [{ email: 'not-an-address' }, MSG.invalidEmail],
      [{ domainActivity: 'J'.repeat(81) }, MSG.jobTitleTooLong],
      [{ bio: 'Too short a bio.' }, MSG.bioTooShort],
      [{ languages: ['en', 'fr', 'de', 'es'] }, MSG.tooManyLanguagesProfile],
      [{ languages: Array.from({ length: 11 }, (_, at) => `lang-${at}`) }, MSG.tooManyLanguagesExpert],
      [{ profilePhoto: 'avatars/someone-else.png' }, MSG.invalidField],
      [{ role: 'admin' }, MSG.invalidField],
    ];
    for (const [body, msg] of cases) expect(await update(client, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { msg } });
    expect(await me(client)).toEqual(before);
  });

  it('refuses control characters in new text with a stable code and changes nothing; a bio keeps its line breaks', async () => {
    const { client } = await signedInStudent();
    const before = await me(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'Ann\r\nBcc: someone@example.com' }, MSG.oneLineOnly],
      [{ lastName: 'Lee\n' }, MSG.oneLineOnly],
      [{ city: 'Ly\u0000on' }, MSG.oneLineOnly],
      [{ country: 'Fra\u007fnce' }, MSG.oneLineOnly],
      [{ languages: ['English\u0085'] }, MSG.oneLineOnly],
      [{ bio: 'Ten years of credit analysis,\u001b[2J and now coaching.' }, MSG.noControlCharacters],
    ];
    for (const [body, msg] of cases) {
      expect(await update(client, { ...body, phoneNumber: '+33 6 12 34 56 78' }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { msg, code: 'validation_failed' },
      });
    }
    expect(await me(client)).toEqual(before);

    const bio = 'Ten years of credit analysis.\n\n\tNow I coach juniors.';
    expect(await update(client, { bio })).toMatchObject({ status: 200, body: { user: { bio } } });
  });

  it('keeps at most 3 languages for a student, trimmed, blanks and repeats removed', async () => {
    const { client } = await signedInStudent();
    const answer = await update(client, { languages: [' English ', '', 'French', 'english', '  ', 'Spanish'] });
    expect(answer).toMatchObject({ status: 200, body: { user: { languages: ['English', 'French', 'Spanish'] } } });
  });

  it('lets an expert keep 10 languages, and the change reaches the public profile at once and search within seconds', async () => {
    const word = `Qv${Date.now().toString(36)}`;
    const { client } = await signedInNewExpert('Iris', 'Tax');
    const { _id } = await me(client);
    const languages = ['English', 'French', 'German', 'Spanish', 'Italian', 'Dutch', 'Polish', 'Greek', 'Arabic', 'Hindi'];
    const answer = await update(client, {
      languages,
      domainActivity: `${word} tax counsel <script>`,
      bio: 'Ten years of cross-border tax advice for founders and family offices.',
      city: 'Geneva',
    });
    const title = `${word} tax counsel`;
    expect(answer).toMatchObject({ status: 200, body: { msg: MSG.profileUpdated, user: { languages, domainActivity: title } } });
    const visitor = new ApiClient();
    expect((await visitor.get<ExpertProfile>(`/user/public/${_id}`)).body).toMatchObject({ languages, domainActivity: title, city: 'Geneva' });
    // Search finds the expert by the new job title.
    await expect
      .poll(async () => (await visitor.get<{ items: ExpertCard[] }>(`/user/professors?q=${word}`)).body.items.map((card) => card._id), SEARCH_FRESH)
      .toEqual([_id]);
    // An emptied job title is removed.
    expect((await update(client, { domainActivity: '' })).body.user.domainActivity).toBeUndefined();
  });
});

describe('changing the e-mail address', () => {
  it('asks for the current password, counts once the new address confirms it, and tells the old address', async () => {
    const { client, email } = await signedInStudent();
    const newEmail = uniqueEmail('moved');
    expect(await update(client, { email: newEmail })).toMatchObject({ status: 400, body: { msg: MSG.currentPasswordForEmail } });
    expect(await update(client, { email: newEmail, currentPassword: 'not-my-password' })).toMatchObject({
      status: 403,
      body: { msg: MSG.currentPasswordWrong, code: 'current_password_wrong' },
    });
    expect(await mailsTo(newEmail)).toEqual([]);

    const answer = await update(client, { email: newEmail, currentPassword: PASSWORD, city: 'Nantes' });
    expect(answer).toMatchObject({ status: 200, body: { msg: MSG.emailChangeRequested, user: { email, pendingEmail: newEmail, city: 'Nantes' } } });
    expect((await latestMail(email, 'A change of your e-mail address was requested')).text).toContain(newEmail);
    const link = linkIn(await latestMail(newEmail, 'Confirm your new e-mail address'), '/confirm-email/');

    // Until confirmed, the account keeps its address: it signs in with it, not with the new one.
    await signedInWith(email, PASSWORD);
    expect((await new ApiClient().post('/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(401);

    const token = link.split('/confirm-email/')[1];
    expect(await new ApiClient().post('/auth/confirm-email', { token })).toMatchObject({ status: 200, body: { msg: MSG.emailChanged } });
    expect(await me(client)).toMatchObject({ email: newEmail });
    expect((await me(client)).pendingEmail).toBeUndefined();
    await signedInWith(newEmail, PASSWORD);
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    // The link works once.
    expect(await new ApiClient().post('/auth/confirm-email', { token })).toMatchObject({
      status: 400,
      body: { msg: MSG.emailChangeLinkInvalid, code: 'email_change_link_invalid' },
    });
    // The old address is free again: registering it mails an activation link, not an "already has an account" notice.
    const activations = async () => (await mailsTo(email)).filter((mail) => mail.subject === 'Activate your account').length;
    const before = await activations();
    expect((await new ApiClient().post('/auth/register', { name: 'New Owner', email, password: 'another-fine-password-9', role: 'user' })).status).toBe(201);
    await expect.poll(activations, { interval: 200 }).toBe(before + 1);
  });

  it('refuses an address another account holds, at the request and at the confirmation', async () => {
    const first = await signedInStudent();
    const second = await signedInStudent();
    expect(await update(first.client, { email: second.email.toUpperCase(), currentPassword: PASSWORD })).toMatchObject({
      status: 409,
      body: { msg: MSG.emailInUse, code: 'email_taken' },
    });
    // Two accounts ask for the same free address: the first to confirm gets it.
    const wanted = uniqueEmail('wanted');
    expect((await update(first.client, { email: wanted, currentPassword: PASSWORD })).status).toBe(200);
    const firstToken = linkIn(await latestMail(wanted, 'Confirm your new e-mail address'), '/confirm-email/').split('/confirm-email/')[1];
    expect((await update(second.client, { email: wanted, currentPassword: PASSWORD })).status).toBe(200);
    const secondLink = (await mailsTo(wanted)).map((mail) => linkIn(mail, '/confirm-email/').split('/confirm-email/')[1]).find((token) => token !== firstToken);
    expect(await new ApiClient().post('/auth/confirm-email', { token: secondLink })).toMatchObject({ status: 200 });
    expect(await new ApiClient().post('/auth/confirm-email', { token: firstToken })).toMatchObject({
      status: 409,
      body: { msg: MSG.emailInUse, code: 'email_taken' },
    });
    expect(await me(first.client)).toMatchObject({ email: first.email });
  });

  it('keeps only the latest link working, and refuses a made-up one', async () => {
    const { client, email } = await signedInStudent();
    const one = uniqueEmail('one');
    const two = uniqueEmail('two');
    await update(client, { email: one, currentPassword: PASSWORD });
    const oneToken = linkIn(await latestMail(one, 'Confirm your new e-mail address'), '/confirm-email/').split('/confirm-email/')[1];
    await update(client, { email: two, currentPassword: PASSWORD });
    expect((await new ApiClient().post('/auth/confirm-email', { token: oneToken })).body).toMatchObject({ code: 'email_change_link_invalid' });
    expect((await new ApiClient().post('/auth/confirm-email', { token: 'x'.repeat(43) })).body).toMatchObject({ code: 'email_change_link_invalid' });
    expect(await me(client)).toMatchObject({ email, pendingEmail: two });
  });

  it('records nothing while mail is down, so that asking again works', async () => {
    const { client } = await signedInStudent();
    const newEmail = uniqueEmail('outage');
    const answer = await duringMailOutage(() => update(client, { email: newEmail, currentPassword: PASSWORD }));
    expect(answer).toMatchObject({ status: 503, body: { msg: MSG.mailUnavailable, code: 'mail_unavailable' } });
    expect((await me(client)).pendingEmail).toBeUndefined();
    expect(await update(client, { email: newEmail, currentPassword: PASSWORD })).toMatchObject({ status: 200, body: { user: { pendingEmail: newEmail } } });
  });
});

describe('the profile photo', () => {
  it('takes a JPG, PNG or WEBP by its bytes, whatever its name, replaces and deletes it', async () => {
    const { client } = await signedInStudent();
    const renamed = await uploadPhoto(client, pngImage(4, 4), 'holiday.jpg', 'image/jpeg');
    expect(renamed.status).toBe(200);
    expect(renamed.body.profilePhoto).toMatch(/^avatars\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    const served = await fetch(`${stackUrl()}/uploads/${renamed.body.profilePhoto}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await me(client)).profilePhoto).toBe(renamed.body.profilePhoto);

    for (const [bytes, name] of [
      [JPEG_IMAGE, 'me.jpeg'],
      [WEBP_IMAGE, 'me.webp'],
    ] as const) {
      const replaced = await uploadPhoto(client, bytes, name);
      expect(replaced.status, name).toBe(200);
      expect((await me(client)).profilePhoto).toBe(replaced.body.profilePhoto);
    }
    // The replaced photo is gone from the bucket.
    expect((await fetch(`${stackUrl()}/uploads/${renamed.body.profilePhoto}`)).status).toBe(404);

    const current = (await me(client)).profilePhoto;
    expect(await update(client, { profilePhoto: '' })).toMatchObject({ status: 200, body: { msg: MSG.profileUpdated } });
    expect((await me(client)).profilePhoto).toBeUndefined();
    expect((await fetch(`${stackUrl()}/uploads/${current}`)).status).toBe(404);
    expect(await update(client, { profilePhoto: '' })).toMatchObject({ status: 400, body: { code: 'no_changes' } });
  });

  it('refuses a file that is not an image by its bytes, one over 2 MB, and a form without the file', async () => {
    const { client } = await signedInStudent();
    expect(await uploadPhoto(client, Buffer.from('just some text, not a picture'), 'photo.png', 'image/png')).toMatchObject({
      status: 400,
      body: { msg: MSG.invalidPhotoType, code: 'upload_type_refused' },
    });
    expect(await uploadPhoto(client, HTML_AS_IMAGE, 'photo.webp', 'image/webp')).toMatchObject({ status: 400, body: { msg: MSG.invalidPhotoType } });
    expect(await uploadPhoto(client, pngImage(2, 2, 2 * 1024 * 1024 + 1), 'big.png', 'image/png')).toMatchObject({
      status: 400,
      body: { msg: MSG.fileTooLarge, code: 'upload_too_large' },
    });
    expect(await uploadPhoto(client, pngImage(2, 2, 2 * 1024 * 1024), 'limit.png', 'image/png')).toMatchObject({ status: 200 });
    expect(await uploadPhoto(client, pngImage(), 'photo.png', 'image/png', 'otherField')).toMatchObject({ status: 400, body: { msg: MSG.photoMissing } });
  });
});

describe("an expert's education and work experience", () => {
  it('adds, replaces and removes entries by index, within the limits, seen on the public profile', async () => {
    const { client } = await signedInNewExpert('Hugo', 'Entries');
    const { _id } = await me(client);
    const education = (path: string, body?: unknown) => client.request(body === undefined ? 'DELETE' : 'PUT', `/user/education/${path}`, body);
    const work = (path: string, body?: unknown) => client.request(body === undefined ? 'DELETE' : 'PUT', `/user/work-experience/${path}`, body);

    for (const index of [0, 1, 2]) expect((await education(`${index}`, { ...EDUCATION, year: 2015 + index })).status).toBe(200);
    expect(await education('3', EDUCATION)).toMatchObject({ status: 400, body: { msg: MSG.educationMax } });
    expect(await education('5', EDUCATION)).toMatchObject({ status: 404, body: { msg: MSG.entryNotFound, code: 'entry_not_found' } });
    expect(await education('abc', EDUCATION)).toMatchObject({ status: 404, body: { code: 'entry_not_found' } });
    expect(await education('1', { ...EDUCATION, institution: 'HEC Paris' })).toMatchObject({ status: 200, body: { msg: MSG.profileUpdated } });
    expect(await education('0')).toMatchObject({ status: 200 });
    expect(await education('2')).toMatchObject({ status: 404, body: { code: 'entry_not_found' } });
    expect((await me(client)).education?.map((entry) => entry.institution)).toEqual(['HEC Paris', 'Université Paris-Dauphine']);

    expect((await work('0', WORK)).status).toBe(200);
    expect((await work('1', { ...WORK, company: 'Cabinet Durand', endDate: '08/2016', startDate: '01/2012' })).status).toBe(200);
    expect(await work('2', WORK)).toMatchObject({ status: 400, body: { msg: MSG.workExperienceAddMax } });
    expect(await work('1')).toMatchObject({ status: 200 });

    const profile = (await new ApiClient().get<ExpertProfile>(`/user/public/${_id}`)).body;
    expect(profile.education.map((entry) => entry.institution)).toEqual(['HEC Paris', 'Université Paris-Dauphine']);
    expect(profile.workExperience).toEqual([WORK]);
  });

  it('answers every rule of an entry with its message', async () => {
    const { client } = await signedInNewExpert('Lena', 'Rules');
    const cases: [string, Record<string, unknown>, string][] = [
      ['education', { ...EDUCATION, institution: ' ' }, MSG.educationFields],
      ['education', { ...EDUCATION, level: '<b></b>' }, MSG.educationFields],
      ['education', { ...EDUCATION, year: '' }, MSG.educationFields],
      ['education', { ...EDUCATION, degree: 'D'.repeat(101) }, MSG.invalidField],
      ['work-experience', { ...WORK, company: '' }, MSG.workExperienceFields],
      ['work-experience', { ...WORK, description: 'Too short.' }, MSG.workDescriptionLength],
      ['work-experience', { ...WORK, description: 'd'.repeat(301) }, MSG.workDescriptionLength],
      ['work-experience', { ...WORK, startDate: '2016-09-01' }, MSG.workDatesInvalid],
    ];
    for (const [kind, body, msg] of cases)
      expect(await client.request('PUT', `/user/${kind}/0`, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { msg } });
    expect((await me(client)).education ?? []).toEqual([]);
  });

  it('replaces a whole list through PUT /user/update-professor-info, within its limit', async () => {
    const { client } = await signedInNewExpert('Mila', 'Lists');
    const info = (body: unknown) => client.request('PUT', '/user/update-professor-info', body);
    expect(await info({ education: [EDUCATION, EDUCATION, EDUCATION, EDUCATION] })).toMatchObject({ status: 400, body: { msg: MSG.educationMax } });
    expect(await info({ workExperience: [WORK, WORK, WORK] })).toMatchObject({ status: 400, body: { msg: MSG.workExperienceMax } });
    expect(await info({ education: [EDUCATION], workExperience: [WORK] })).toMatchObject({ status: 400, body: { msg: MSG.invalidField } });
    expect(await info({ education: [EDUCATION] })).toMatchObject({ status: 200 });
    expect(await info({ workExperience: [WORK, WORK] })).toMatchObject({ status: 200 });
    expect(await me(client)).toMatchObject({ education: [EDUCATION], workExperience: [WORK, WORK] });
    expect(await info({ education: [] })).toMatchObject({ status: 200 });
    expect((await me(client)).education).toEqual([]);
  });

  it('is for experts: a student cannot call the expert routes', async () => {
    const { client } = await signedInStudent();
    expect((await client.request('PUT', '/user/education/0', EDUCATION)).status).toBe(403);
    expect((await client.request('DELETE', '/user/work-experience/0')).status).toBe(403);
    expect((await client.request('PUT', '/user/update-professor-info', { education: [EDUCATION] })).status).toBe(403);
    expect((await new ApiClient().request('PUT', '/user/update', { city: 'Paris' })).status).toBe(401);
  });
});
