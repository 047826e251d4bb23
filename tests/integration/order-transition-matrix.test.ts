/**
 * Every order call, from every status, by every caller, through the local gateway, the real orders
 * handler, DynamoDB Local, the local S3 and the local Stripe (issue 13: "every transition, from
 * every status, by every role: both the allowed and the refused"). The matrix's expectation, its
 * routes and its recipes are tests/support/order-matrix.ts; this file checks that they cover the
 * status table and runs the hourly kind's recipes, order-transition-matrix-kinds.test.ts the other
 * kinds', on another worker.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderAction } from '../../shared/order-transitions';
import { matrixOf, NOT_A_ROUTE_OF_ITS_OWN, RECIPES, ROUTE_CASES } from '../support/order-matrix';

describe('the status table as the matrix covers it', () => {
  it('reaches every status of the table', () => {
    expect([...new Set(RECIPES.map((recipe) => recipe.status))].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('calls a route for every action a member or an admin takes', () => {
    const called = new Set(ROUTE_CASES.flatMap((route) => route.actions));
    const byPeople = (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) => ORDER_TRANSITIONS[action].by.some((actor) => actor !== 'system'));
    expect(byPeople.filter((action) => !called.has(action) && !NOT_A_ROUTE_OF_ITS_OWN.includes(action))).toEqual([]);
  });
});

// The other kinds' recipes run in order-transition-matrix-kinds.test.ts, on another worker.
matrixOf(RECIPES.filter((recipe) => recipe.kind === 'hourly'));
