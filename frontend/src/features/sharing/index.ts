export { CreationActions, type CreationActionsProps } from './CreationActions';
export { SharePanel, type SharePanelProps } from './SharePanel';
export { ShareDialog } from './ShareDialog';
export { PublicLink } from './PublicLink';
export { useShareCreation } from './use-creation-actions';
export { downloadCreation, type DownloadOptions } from './download';
export { styleHashtag, defaultCaption } from './share-text';
