import { createRender } from './app/server-render.tsx';
import { formsRoutes } from './app/forms-routes.tsx';
import './ui/base.css';

/** The marketing forms' server-rendering entry (spec §2 `form/*`): its own route tree and bundle. */
export const render = createRender(formsRoutes);
