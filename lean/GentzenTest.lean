import GentzenTest.Rules
import GentzenTest.Messages
