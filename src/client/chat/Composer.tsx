import { useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../ui/Icon';
import { isSendKey } from './conversation';

/** A textarea where Enter sends and Shift+Enter makes a new line; the text clears once the message is taken. */
export function Composer({ onSend, busy, label }: { onSend: (text: string) => boolean; busy: boolean; label: string }) {
  const t = useT();
  const [text, setText] = useState('');
  const submit = () => {
    if (onSend(text)) setText('');
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <textarea
        className="textarea textarea-sm max-h-32 min-h-10 flex-1 resize-none leading-snug"
        rows={Math.min(4, text.split('\n').length)}
        value={text}
        aria-label={label}
        placeholder={t('chat.placeholder')}
        maxLength={4000}
        data-testid="chat-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) return;
          e.preventDefault();
          submit();
        }}
      />
      <button type="submit" className="btn btn-primary btn-square" aria-label={t('chat.send')} disabled={busy || !text.trim()} data-testid="chat-send">
        <Icon name="send" className="size-5" />
      </button>
    </form>
  );
}
