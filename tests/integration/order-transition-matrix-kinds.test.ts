/**
 * The order transition matrix (tests/support/order-matrix.ts) for the fixed-price, fixed-price call
 * and hours-of-work kinds: every order call, from every status their recipes reach, by every caller.
 * The hourly kind's recipes and the matrix's coverage run in order-transition-matrix.test.ts.
 */
import { matrixOf, RECIPES } from '../support/order-matrix';

matrixOf(RECIPES.filter((recipe) => recipe.kind !== 'hourly'));
