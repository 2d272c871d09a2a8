// sqlite-cgt as an ES module: the same functions as index.cjs.
import { createRequire } from 'node:module';

const cgt = createRequire(import.meta.url)('./index.cjs');

export const getLoadablePath = cgt.getLoadablePath;
export const load = cgt.load;
export default cgt;
