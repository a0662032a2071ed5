import { renderSecurityDoc } from './render.ts';

process.stdout.write(renderSecurityDoc());
