export { CreationActions, type CreationActionsProps } from './CreationActions';
export { SharePanel, type SharePanelProps, COPIED_RESET_MS, CAPTION_TOAST_MS } from './SharePanel';
export { ShareDialog } from './ShareDialog';
export { PublicLink } from './PublicLink';
export { useSaveCreation, type SaveInput } from './use-save-creation';
export { useShareCreation, useDownloadCreation, type PendingAction } from './use-creation-actions';
export { downloadCreation, isIOS, type DownloadOptions } from './download';
export { shareCreation, type ShareOutcome } from './share';
export { styleHashtag, styledCaption, shareText, defaultCaption, CAPTION_STYLES, type CaptionStyle } from './share-text';
