export { CreatorScreen } from './CreatorScreen';
