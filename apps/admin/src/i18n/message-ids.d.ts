import type en from './messages/en.json';

/** Message ids are the English catalogue's keys: a formatMessage or FormattedMessage with any other id does not compile. */
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof en;
    }
  }
}
