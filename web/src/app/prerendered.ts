/**
 * Whether this page load started from a prerendered page (decision 290): its HTML was rendered at
 * build time as a visitor sees it, and React hydrates it instead of drawing the loading screen.
 */
import { createContext, useContext } from 'react';

export const PrerenderedContext = createContext(false);

export const usePrerendered = (): boolean => useContext(PrerenderedContext);
