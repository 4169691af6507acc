/**
 * The composer's place while the conversation renders first: the same frame and text box as an
 * empty composer (so the message list keeps its height when the composer replaces it), nothing
 * to read or press.
 */
import './composer.css';

export function ComposerPlaceholder() {
  return (
    <div className="composer" data-part="composer-placeholder" aria-hidden="true">
      <div className="composer-box">
        <span className="composer-placeholder-line" />
      </div>
    </div>
  );
}
