/**
 * An expert's money as the earnings tests arrange it: a paid project delivered and approved (its
 * credit is the expert's), funds settled by the test clock, and the earnings view.
 */
import { expect } from 'vitest';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { Earnings } from '../../shared/schemas/earnings';
import { signedInStudent } from './accounts';
import type { ApiClient } from './api';
import { openOrder } from './orders';
import { advanceClock, delivered, pressOnPage, sessionIdOf } from './payments';
import { pdfDocument, submitMultipart } from './project-files';

/** A paid project of the expert's offer, delivered and approved: its credit is the expert's. Of a new student unless given. */
export async function approvedOrder(of: { expert: ApiClient; offer: OfferDto; student?: ApiClient }): Promise<{ chatId: string }> {
  const student = of.student ?? (await signedInStudent()).client;
  const { chat } = await openOrder(of.offer, student);
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  await pressOnPage(created.body.url, 'pay');
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  expect((await submitMultipart(of.expert, chat._id, pdfDocument())).status).toBe(200);
  expect((await student.post(`/chats/${chat._id}/handle-project`, { action: 'approve' })).status).toBe(200);
  return { chatId: chat._id };
}

/** An order of the expert's free offer (€0): booked with nothing to pay, delivered and approved. Of a new student unless given. */
export async function approvedFreeOrder(of: { expert: ApiClient; offer: OfferDto; student?: ApiClient }): Promise<{ chatId: string }> {
  const student = of.student ?? (await signedInStudent()).client;
  const { chat } = await openOrder(of.offer, student);
  const booked = await student.post<{ url: string }>('/payments/create-session', { chatId: chat._id });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  expect((await submitMultipart(of.expert, chat._id, pdfDocument())).status).toBe(200);
  expect((await student.post(`/chats/${chat._id}/handle-project`, { action: 'approve' })).status).toBe(200);
  return { chatId: chat._id };
}

/** The charge's funds settle at the provider (the local Stripe's delay), and the deadlines job records it. */
export const settleFunds = () => advanceClock('10m');

export const earningsOf = async (client: ApiClient) => (await client.get<Earnings>('/user/earnings')).body;
