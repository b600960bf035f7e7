/**
 * Fluent's MessageBar as what the pane needs of every result and warning: a live region, and a
 * name only when it has a title. Fluent's MessageBar is a role="group" labelled by the id of its
 * MessageBarTitle whether or not one is rendered, so a bar without a title points
 * aria-labelledby at nothing; and a group is not announced when it appears. Here an error is an
 * alert (read at once), anything else a status (read when the reader is free), unless `role`
 * says otherwise, and the label is kept only when `titled`.
 */
import { makeStyles, MessageBar, type MessageBarProps, mergeClasses } from "@fluentui/react-components";
import { NARROW } from "./layout";

const useStyles = makeStyles({
  // Where the pane is narrow, the text takes the whole width under the icon and the close
  // button, instead of a column between them too thin for its words.
  root: {
    [NARROW]: {
      gridTemplateColumns: "auto minmax(0, 1fr) auto",
      gridTemplateAreas: `"icon . actions" "body body body" "secondaryActions secondaryActions secondaryActions"`,
    },
  },
});

export function LiveMessageBar({
  titled = false,
  className,
  ...props
}: MessageBarProps & { titled?: boolean }) {
  const styles = useStyles();
  return (
    <MessageBar
      role={props.intent === "error" ? "alert" : "status"}
      {...(titled ? {} : { "aria-labelledby": undefined })}
      className={mergeClasses(styles.root, className)}
      {...props}
    />
  );
}
