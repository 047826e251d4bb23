import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@shared/schemas/account';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { type FakeCall, fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import ProfileRoute from '@/features/profile/routes/profile';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student', city: 'Lyon' });
const WORK = { company: 'Banque Lumière', position: 'Analyst', startDate: '09/2016', endDate: 'Present', description: 'd'.repeat(60) };
const claire = anAccount({
  _id: 'expert-1',
  role: 'professor',
  email: 'claire@example.com',
  firstName: 'Claire',
  lastName: 'Dubois',
  bio: 'Twenty years of corporate finance advice.',
  languages: ['English', 'French'],
  education: [],
  workExperience: [WORK, { ...WORK, company: 'Cabinet Durand' }],
});
const routes = [
  { path: '/profile', element: <ProfileRoute /> },
  { path: '/offers/:id', element: <p>Offer edit page</p> },
];

/** "Your data" asks where the member's export stands on every visit: none here. */
const noExport = () => json(200, { msg: MSG.exportNone, status: 'none' });
/** The calls the test is about, without that look. */
const callsBesidesExport = (api: { calls: () => FakeCall[] }) => api.calls().filter((call) => call.path !== '/user/export');

afterEach(() => {
  vi.unstubAllGlobals();
});

const updated =
  (account: Account, msg: string = MSG.profileUpdated) =>
  () =>
    json(200, { user: account, msg });

describe("a member's Profile tab", () => {
  it('sends only the changed fields, and says so', { timeout: 15_000 }, async () => {
    const api = fakeApi({ 'GET /user/export': noExport, 'PUT /user/update': updated({ ...sam, city: 'Nantes', languages: ['en', 'fr'] }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.clear(await screen.findByLabelText('City (optional)'));
    await user.type(screen.getByLabelText('City (optional)'), 'Nantes');
    await user.type(screen.getByLabelText('Languages (optional)'), 'en, ,fr,EN');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    expect(callsBesidesExport(api)).toMatchObject([{ method: 'PUT', path: '/user/update', body: { city: 'Nantes', languages: ['en', 'fr'] } }]);
  });

  it('checks the rules before calling: no change, more than 3 languages, a short name', { timeout: 15_000 }, async () => {
    const api = fakeApi({ 'GET /user/export': noExport });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.noChanges)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Languages (optional)'), 'English, French, German, Spanish');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'S');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.tooManyLanguagesProfile)).toBeInTheDocument();
    expect(screen.getByText(MSG.firstNameTooShort)).toBeInTheDocument();
    expect(callsBesidesExport(api)).toEqual([]);
  });

  it('asks for the current password when the e-mail changes, and tells where the link went', { timeout: 15_000 }, async () => {
    const api = fakeApi({ 'GET /user/export': noExport, 'PUT /user/update': updated({ ...sam, pendingEmail: 'sam@new.example' }, MSG.emailChangeRequested) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(await screen.findByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'sam@new.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.currentPasswordForEmail)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'my-password-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.emailChangeRequested)).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Your details' })).getByRole('status')).toHaveTextContent('We sent a confirmation link to sam@new.example');
    expect(callsBesidesExport(api)).toMatchObject([{ body: { email: 'sam@new.example', currentPassword: 'my-password-1' } }]);
  });

  it('uploads a photo and deletes it, refusing one over 2 MB before sending it', async () => {
    const api = fakeApi({
      'GET /user/export': noExport,
      'POST /user/upload-photo': () => json(200, { profilePhoto: 'avatars/student-1/new.png' }),
      'PUT /user/update': updated(sam),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    const picker = await screen.findByLabelText('Profile photo');
    await user.upload(picker, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.fileTooLarge)).toBeInTheDocument();
    expect(callsBesidesExport(api)).toEqual([]);

    await user.upload(picker, new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.avatarUploaded)).toBeInTheDocument();
    expect(callsBesidesExport(api)[0]).toMatchObject({ method: 'POST', path: '/user/upload-photo' });
    expect((callsBesidesExport(api)[0].body as FormData).get('profilePhoto')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByText(MSG.avatarDeleted)).toBeInTheDocument();
    expect(callsBesidesExport(api)[1]).toMatchObject({ method: 'PUT', path: '/user/update', body: { profilePhoto: '' } });
    expect(screen.queryByRole('button', { name: 'Delete photo' })).not.toBeInTheDocument();
  });

  it('tells when the upload fails: the server’s message, else the avatar’s fallback', async () => {
    let answer = json(400, { msg: MSG.invalidPhotoType, code: 'upload_type_refused' });
    fakeApi({ 'GET /user/export': noExport, 'POST /user/upload-photo': () => answer });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.upload(await screen.findByLabelText('Profile photo'), new File(['text'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.invalidPhotoType)).toBeInTheDocument();
    answer = json(502, {});
    await user.upload(screen.getByLabelText('Profile photo'), new File(['text'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.avatarUploadFailed)).toBeInTheDocument();
  });
});

describe("an expert's Profile tab", () => {
  it('says Photo updated when the About tab’s photo is saved, and Error uploading photo when it fails without a reason', async () => {
    let answer = json(200, { profilePhoto: 'avatars/expert-1/new.png' });
    fakeApi({
      'GET /user/export': noExport,
      'POST /user/upload-photo': () => answer,
      'GET /payments/account-status': () => json(200, { payouts_enabled: true, currentlyDue: [] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    const picker = await screen.findByLabelText('Profile photo');
    await user.upload(picker, new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.photoUpdated, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(MSG.avatarUploaded)).not.toBeInTheDocument();
    answer = json(502, {});
    await user.upload(picker, new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.photoUploadFailed)).toBeInTheDocument();
  });

  it('has the About and Statistics side tabs; Statistics shows the figures and an Edit link per offer', async () => {
    fakeApi({
      'GET /user/export': noExport,
      'GET /user/stats/expert-1': () => json(200, { ordersCount: 7, freeOrdersCount: 0, totalEarned: 1234.5, averageRating: 4.6, reviewsCount: 5 }),
      'GET /offers/my-offers': () => json(200, [{ _id: 'offer-1', title: 'Financial modelling' }]),
      'GET /payments/account-status': () => json(200, { payouts_enabled: true, currentlyDue: [] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    const sideTabs = await screen.findByRole('tablist', { name: 'Your expert profile' });
    expect(
      within(sideTabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['About', 'Statistics']);
    expect(within(screen.getByRole('form', { name: 'About you' })).getByLabelText('About')).toHaveValue(claire.bio);
    within(sideTabs).getByRole('tab', { name: 'About' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit Financial modelling' }));
    expect(await screen.findByText('Offer edit page')).toBeInTheDocument();
  });

  it('shows free orders apart from paid ones in the Statistics tab', async () => {
    fakeApi({
      'GET /user/export': noExport,
      'GET /user/stats/expert-1': () => json(200, { ordersCount: 7, freeOrdersCount: 2, totalEarned: 1234.5, averageRating: 4.6, reviewsCount: 5 }),
      'GET /offers/my-offers': () => json(200, []),
      'GET /payments/account-status': () => json(200, { payouts_enabled: true, currentlyDue: [] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    await user.click(await screen.findByRole('tab', { name: 'Statistics' }));
    const statistics = await screen.findByRole('region', { name: 'Statistics' });
    const completed = await within(statistics).findByText('Completed orders');
    expect(completed.nextElementSibling).toHaveTextContent(/^7, 2 of them free$/);
  });

  it('adds an education entry, checked as the spec says, and refuses a third work experience', { timeout: 15_000 }, async () => {
    const withEducation = { ...claire, education: [{ institution: 'HEC Paris', level: 'Master', degree: '', field: '', year: '2010' }] };
    const api = fakeApi({
      'GET /user/export': noExport,
      'PUT /user/education/0': () => json(200, { msg: MSG.profileUpdated }),
      'GET /auth/user': () => json(200, withEducation),
      'GET /payments/account-status': () => json(200, { payouts_enabled: true, currentlyDue: [] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    await user.click(await screen.findByRole('button', { name: 'Add education' }));
    const form = screen.getByRole('form', { name: 'Education' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findAllByText(MSG.educationFields)).length).toBeGreaterThan(0);
    await user.type(within(form).getByLabelText('University or school'), 'HEC Paris');
    await user.type(within(form).getByLabelText('Level'), 'Master');
    await user.type(within(form).getByLabelText('Year'), '2010');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('HEC Paris')).toBeInTheDocument();
    expect(callsBesidesExport(api).find((call) => call.method === 'PUT')).toMatchObject({
      path: '/user/education/0',
      body: { institution: 'HEC Paris', level: 'Master', year: '2010' },
    });

    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    expect(await screen.findByText(MSG.workExperienceAddMax)).toBeInTheDocument();
  });

  it('asks before deleting a work experience, and deletes nothing when kept', { timeout: 15_000 }, async () => {
    const withOne = { ...claire, workExperience: [claire.workExperience![1]] };
    const api = fakeApi({
      'GET /user/export': noExport,
      'DELETE /user/work-experience/0': () => json(200, { msg: MSG.profileUpdated }),
      'GET /auth/user': () => json(200, withOne),
      'GET /payments/account-status': () => json(200, { payouts_enabled: true, currentlyDue: [] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    const remove = await screen.findByRole('button', { name: 'Delete Analyst, Banque Lumière' });

    await user.click(remove);
    const question = screen.getByRole('alertdialog', { name: MSG.deleteEntryConfirm });
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsBesidesExport(api).filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    expect(
      callsBesidesExport(api)
        .filter((call) => call.method === 'DELETE')
        .map((call) => call.path),
    ).toEqual(['/user/work-experience/0']);
    expect(screen.queryByRole('button', { name: 'Delete Analyst, Banque Lumière' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Analyst, Cabinet Durand' })).toBeInTheDocument();
  });
});
