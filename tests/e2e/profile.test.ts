/**
 * The profile through the browser: an expert edits their About with a photo, an education and a
 * work-experience entry, and sees all of it on their public profile; a student asks for their data
 * and downloads it once the job has built it.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/web-texts';
import { PASSWORD, signedInNewExpert, signedInStudent } from '../support/accounts';
import { latestMail } from '../support/outbox';
import { browserForFile, expectAccessible, signIn, visit } from '../support/browser';
import { pngImage } from '../support/images';

const browser = browserForFile();

describe('the expert profile', () => {
  it('an expert edits the About with a photo, an education and a work experience, and sees them on the public profile', async () => {
    const { client, email } = await signedInNewExpert('Elise', 'Martin');
    const expertId = JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
    const page = await browser.newPage();
    await signIn(page, email, PASSWORD);
    await visit(page, '/profile');
    await page.getByRole('tab', { name: 'About' }).waitFor();
    await expectAccessible(page, '/profile (expert About)');

    await page.getByLabel('Profile photo').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
    await page.getByText(MSG.photoUpdated).waitFor();
    await page.getByRole('button', { name: 'Delete photo' }).waitFor();

    const about = page.getByRole('form', { name: 'About you' });
    await about.getByLabel('Current job title (optional)').fill('Mergers and acquisitions counsel');
    await about.getByLabel('City (optional)').fill('Bordeaux');
    await about.getByLabel('Languages (optional)').fill('French, English');
    await about.getByLabel('About', { exact: true }).fill('Short.');
    await about.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.bioTooShort).waitFor();
    await about.getByLabel('About', { exact: true }).fill('Fifteen years advising founders on the sale of their companies.');
    await about.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.profileUpdated).first().waitFor();

    await page.getByRole('button', { name: 'Add education' }).click();
    const education = page.getByRole('form', { name: 'Education' });
    await education.getByLabel('University or school').fill('Sciences Po Bordeaux');
    await education.getByLabel('Level').fill('Master');
    await education.getByLabel('Year').fill('2009');
    await education.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit Sciences Po Bordeaux' }).waitFor();

    await page.getByRole('button', { name: 'Add experience' }).click();
    const work = page.getByRole('form', { name: 'Work experience' });
    await work.getByLabel('Company').fill('Cabinet Lafitte');
    await work.getByLabel('Position').fill('Partner');
    await work.getByLabel('From (optional)').fill('01/2015');
    await work.getByLabel('To (optional)').fill('Present');
    await work.getByLabel('Description').fill('Too short.');
    await work.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.workDescriptionLength).waitFor();
    await work.getByLabel('Description').fill('Led the sale of twenty family companies to industrial and private equity buyers.');
    await work.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit Partner, Cabinet Lafitte' }).waitFor();
    await expectAccessible(page, '/profile (expert About, filled)');

    await visit(page, `/teacher/${expertId}`);
    await page.getByRole('heading', { name: /Elise Martin/ }).waitFor();
    for (const text of [
      'Mergers and acquisitions counsel',
      'Fifteen years advising founders on the sale of their companies.',
      'Sciences Po Bordeaux',
      'Cabinet Lafitte',
    ])
      await page.getByText(text).first().waitFor();
    const photo = page.getByRole('img', { name: /Elise Martin/ }).first();
    expect(await photo.getAttribute('src')).toMatch(/avatars\//);
    expect(await photo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(64);
  });
});

describe('your data', () => {
  it('a student asks for their data, downloads it from the link that appears once the job has built it, and is mailed', async () => {
    const { email } = await signedInStudent();
    const page = await browser.newPage();
    await signIn(page, email, PASSWORD);
    await visit(page, '/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    const status = section.getByRole('status');
    await section.getByRole('button', { name: 'Prepare my data' }).click();
    // Built by the jobs function from the table's stream: the page hears it (push or its next look) without a reload.
    const download = section.getByRole('link', { name: 'Download my data' });
    await download.waitFor();
    expect(await status.textContent()).toContain(MSG.exportReady);
    await expectAccessible(page, '/profile (your data ready)');

    const file = await page.evaluate(
      async (url) => {
        const response = await fetch(url);
        return { status: response.status, disposition: response.headers.get('content-disposition'), body: await response.json() };
      },
      String(await download.getAttribute('href')),
    );
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('attachment');
    expect(file.body.profile).toMatchObject({ email, role: 'user' });
    expect((await latestMail(email, 'Your data is ready')).text).toContain('/profile#your-data');
  });
});
