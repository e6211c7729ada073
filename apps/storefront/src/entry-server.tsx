import { createRender } from './app/server-render.tsx';
import { routes } from './app/routes.tsx';
import './ui/base.css';

/** The store's server-rendering entry. */
export const render = createRender(routes);
