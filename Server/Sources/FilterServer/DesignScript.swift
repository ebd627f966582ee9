/// The design page's JavaScript, which only enhances the page: a copy button
/// beside each code block, the form submitted when a menu changes, and empty
/// fields left out of the URL.
enum PageScripts {
    static let design = #"""
        "use strict";
        (() => {
          for (const block of document.querySelectorAll("details.code")) {
            const pre = block.querySelector("pre");
            const actions = block.querySelector(".actions");
            if (!pre || !actions) continue;
            const button = document.createElement("button");
            button.type = "button";
            button.className = "copy";
            button.textContent = "Copy";
            button.addEventListener("click", async () => {
              const text = pre.textContent;
              try {
                await navigator.clipboard.writeText(text);
              } catch (e) {
                // No clipboard API (an insecure origin): select the text and copy it.
                const range = document.createRange();
                range.selectNodeContents(pre);
                const selection = window.getSelection();
                selection.removeAllRanges();
                selection.addRange(range);
                document.execCommand("copy");
              }
              button.textContent = "Copied";
              setTimeout(() => { button.textContent = "Copy"; }, 1500);
            });
            actions.prepend(button);
          }
          const form = document.getElementById("design-form");
          // Empty fields are absent anyway: leave them out of the URL, so a shared link is short.
          // And fields of another method or family than the one chosen (data-methods).
          // The menu that chooses which fields apply: the FIR page's design, the design page's family.
          const chooser = form.elements.design || form.elements.family;
          const chosen = () => (chooser ? chooser.value : "");
          const elsewhere = (element) => element.dataset.methods !== undefined
            && !element.dataset.methods.split(" ").includes(chosen());
          form.addEventListener("submit", () => {
            for (const field of form.querySelectorAll("input, select")) {
              if (field.value === "" || elsewhere(field) || (field.type === "checkbox" && !field.checked)) field.disabled = true;
            }
          });
          // Coming back to the page (the back button) re-enables them.
          window.addEventListener("pageshow", () => {
            for (const field of form.querySelectorAll("input, select")) field.disabled = false;
          });
          for (const menu of form.querySelectorAll("select:not([data-no-submit])")) {
            menu.addEventListener("change", () => form.requestSubmit());
          }
        })();

        """#

    /// Both design pages: only the chosen method's (the FIR page) or
    /// family's (the design page) fields are shown (all of them without
    /// JavaScript), and choosing another shows its fields without designing
    /// until the form is submitted.
    static let methodFields = #"""
        (() => {
          const form = document.getElementById("design-form");
          const menu = form && (form.elements.design || form.elements.family);
          if (!menu) return;
          const show = () => {
            for (const element of form.querySelectorAll("[data-methods]")) {
              const here = element.dataset.methods.split(" ").includes(menu.value);
              const box = element.tagName === "FIELDSET" ? element : element.closest("label");
              if (box) box.hidden = !here;
            }
          };
          menu.addEventListener("change", show);
          show();
        })();

        """#
}
